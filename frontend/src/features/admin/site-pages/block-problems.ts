import type { BlockProblem } from '@/components/blocks/validate-blocks';

/** A problem's message without its `Block n (kind): ` prefix, as its field shows it. */
export function problemText(problem: BlockProblem): string {
  return problem.message.replace(/^Block \d+(?: \([^)]*\))?: /, '');
}

/** The messages of the problems at exactly `path` of a block's problems. */
export function problemsAt(problems: readonly BlockProblem[], path: string): string[] {
  return problems.filter((problem) => problem.field === path).map(problemText);
}

/** Whether any problem is at `path` or inside it (a list's items, an image's parts). */
export function hasProblemWithin(problems: readonly BlockProblem[], path: string): boolean {
  return problems.some(
    (problem) =>
      problem.field !== null &&
      (problem.field === path || problem.field.startsWith(`${path}[`) || problem.field.startsWith(`${path}.`)),
  );
}

/** The id of a field's control: the block's id and the field's path, as an HTML id (apart from the block's own ids). */
export function fieldId(blockId: string, path: string): string {
  return `block-${blockId}-field-${path.replace(/[^A-Za-z0-9_-]+/g, '-')}`;
}

/**
 * A library image's address as the page stores it: a Storage URL becomes the site path it is
 * served at (the schema takes /storage/v1/object/public/...), any other URL stays as it is.
 */
export function sitePathOfImage(url: string): string {
  const match = /^https?:\/\/[^/]+(\/storage\/v1\/object\/public\/[^?#]+)/.exec(url);
  return match?.[1] ?? url;
}
