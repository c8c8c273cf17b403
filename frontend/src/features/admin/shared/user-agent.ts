/** "Chrome 131 on Windows" from a user agent, or its first 40 characters when it is none we know. */
export function shortAgent(agent: string | null): string {
  if (!agent) return '—';
  const browser =
    match(agent, /Edg(?:e|A|iOS)?\/(\d+)/, 'Edge') ??
    match(agent, /OPR\/(\d+)/, 'Opera') ??
    match(agent, /Firefox\/(\d+)/, 'Firefox') ??
    match(agent, /(?:Chrome|CriOS)\/(\d+)/, 'Chrome') ??
    (/Safari\//.test(agent) ? match(agent, /Version\/(\d+)/, 'Safari') : null);
  const system = /Windows/.test(agent)
    ? 'Windows'
    : /iPhone|iPad/.test(agent)
      ? 'iOS'
      : /Android/.test(agent)
        ? 'Android'
        : /Mac OS X|Macintosh/.test(agent)
          ? 'macOS'
          : /CrOS/.test(agent)
            ? 'ChromeOS'
            : /Linux/.test(agent)
              ? 'Linux'
              : null;
  if (browser) return system ? `${browser} on ${system}` : browser;
  return agent.length > 40 ? `${agent.slice(0, 39)}…` : agent;
}

function match(agent: string, pattern: RegExp, name: string): string | null {
  const found = pattern.exec(agent);
  return found ? `${name} ${found[1]}` : null;
}
