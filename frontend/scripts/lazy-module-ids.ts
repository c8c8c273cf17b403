import { existsSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import type { Plugin } from 'vite';

/** `async () => (await import('…')).Member`: how a lazy page or component names its code. */
const LOADER = /async\s*\(\)\s*=>\s*\(\s*await\s+import\(\s*'([^']+)'\s*\)\s*\)\s*\.(\w+)/g;
const EXTENSIONS = ['.tsx', '.ts', '/index.tsx', '/index.ts'];

/**
 * Tags each lazy loader (`async () => (await import('…')).Member`) with the path of the module
 * it loads, relative to the project root ("src/features/blog/blog-list-page.tsx"), as its
 * `moduleId` (read by lib/lazy-component.tsx). Both builds get the same ids: the server bundle
 * reports the ones a page rendered, the server preloads their chunks (the build manifest is
 * keyed by the same paths), and the browser loads them before it hydrates, so nothing suspends
 * while it does.
 */
export function lazyModuleIds(root: string): Plugin {
  return {
    name: 'claimbridge:lazy-module-ids',
    enforce: 'pre',
    transform(code, id) {
      if (!id.startsWith(`${root}/src/`) || !id.endsWith('.tsx') || !code.includes('await import(')) return null;
      const transformed = code.replace(LOADER, (loader, specifier: string) => {
        const base = specifier.startsWith('@/')
          ? resolve(root, 'src', specifier.slice(2))
          : resolve(dirname(id), specifier);
        const file = EXTENSIONS.map((extension) => `${base}${extension}`).find((candidate) => existsSync(candidate));
        if (!file) return loader;
        const moduleId = relative(root, file).split('\\').join('/');
        return `Object.assign(${loader}, { moduleId: ${JSON.stringify(moduleId)} })`;
      });
      return transformed === code ? null : { code: transformed, map: null };
    },
  };
}
