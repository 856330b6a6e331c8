/**
 * The citation check that `npm run lint` runs: the code explains itself from inside the repository.
 * A comment may cite `docs/product.md#anchor`, a decision record (`docs/decisions/NNNN-….md` or
 * `decision NNNN`), another file under `docs/`, or a provider's public URL. It may not cite a source
 * outside the repository (the old specification as `spec §N`, `design.md`, `style.md`, a tracker's
 * `issue #N`), and every citation must resolve: the file exists and, for product.md, the anchor too.
 *
 * Usage: `node --import tsx scripts/check-citations.ts` from the repository root; prints one line a
 * problem (`file:line: what`) and exits 1 when there is any.
 */
import fs from 'node:fs';
import path from 'node:path';

/** Where code lives, from the repository root. */
export const CODE_ROOTS = ['apps/server', 'apps/web', 'packages/shared', 'e2e', 'scripts'];
const CODE_EXTENSIONS = new Set(['.ts', '.tsx', '.mts', '.mjs', '.js', '.sql', '.css', '.html']);
const SKIPPED_DIRECTORIES = new Set(['node_modules', 'dist', 'test-results', 'playwright-report', 'data']);

/** Citations of sources that are not in the repository. */
const OUTSIDE_SOURCES: Array<{ pattern: RegExp; what: string }> = [
  { pattern: /\bspec §|§\s?\d/i, what: 'cites the old specification (cite docs/product.md#anchor)' },
  { pattern: /\b(design|style)\.md\b/, what: 'cites design notes outside the repository' },
  { pattern: /\bissues? #\d+/i, what: 'cites a tracker issue (cite a decision record or docs/product.md)' },
];

export interface CitationProblem {
  file: string;
  line: number;
  problem: string;
}

/** GitHub's anchor for a heading: lower-cased, punctuation dropped, spaces as hyphens. */
function headingSlug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s-]/gu, '')
    .replace(/\s/g, '-');
}

/** The anchors a Markdown file offers: explicit `id="…"` anchors and its headings' slugs. */
export function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  for (const match of markdown.matchAll(/\bid="([^"]+)"/g)) anchors.add(match[1] ?? '');
  for (const match of markdown.matchAll(/^#{1,6}\s+(.+)$/gm)) anchors.add(headingSlug(match[1] ?? ''));
  return anchors;
}

/** Every code file under `roots` (relative to `repoRoot`), as repository-relative paths. */
export function codeFiles(repoRoot: string, roots: readonly string[] = CODE_ROOTS): string[] {
  const files: string[] = [];
  const walk = (relative: string) => {
    const absolute = path.join(repoRoot, relative);
    if (!fs.existsSync(absolute)) return;
    for (const entry of fs.readdirSync(absolute, { withFileTypes: true })) {
      const child = path.posix.join(relative, entry.name);
      if (entry.isDirectory()) {
        if (!SKIPPED_DIRECTORIES.has(entry.name) && !entry.name.startsWith('.')) walk(child);
      } else if (CODE_EXTENSIONS.has(path.extname(entry.name))) files.push(child);
    }
  };
  for (const root of roots) walk(root);
  return files;
}

/**
 * The problems of the citations in `files` (repository-relative paths under `repoRoot`): sources outside
 * the repository, `docs/…` paths that name no file, product.md anchors that do not exist, and decision
 * numbers with no record.
 */
export function checkCitations(repoRoot: string, files: readonly string[]): CitationProblem[] {
  const problems: CitationProblem[] = [];
  const decisionsDir = path.join(repoRoot, 'docs/decisions');
  const decisionNumbers = new Set(
    (fs.existsSync(decisionsDir) ? fs.readdirSync(decisionsDir) : [])
      .map((name) => /^(\d{4})-/.exec(name)?.[1])
      .filter((number): number is string => number !== undefined),
  );
  const anchorCache = new Map<string, Set<string>>();
  const anchorsIn = (doc: string) => {
    let anchors = anchorCache.get(doc);
    if (!anchors) {
      anchors = anchorsOf(fs.readFileSync(path.join(repoRoot, doc), 'utf8'));
      anchorCache.set(doc, anchors);
    }
    return anchors;
  };
  // This file and its test name what the check refuses; they do not cite it.
  const own = path
    .relative(repoRoot, import.meta.filename)
    .split(path.sep)
    .join('/');
  const ownFiles = new Set([own, own.replace(/\.ts$/, '.test.ts')]);

  for (const file of files) {
    if (ownFiles.has(file)) continue;
    const lines = fs.readFileSync(path.join(repoRoot, file), 'utf8').split('\n');
    lines.forEach((text, index) => {
      const line = index + 1;
      const report = (problem: string) => problems.push({ file, line, problem });
      for (const { pattern, what } of OUTSIDE_SOURCES) if (pattern.test(text)) report(what);
      for (const match of text.matchAll(/\bdocs\/[\w./-]*[\w-]\.md(?:#([\w-]+))?/g)) {
        const doc = match[0].split('#')[0] ?? '';
        if (!fs.existsSync(path.join(repoRoot, doc))) report(`cites ${doc}, which does not exist`);
        else if (match[1] && !anchorsIn(doc).has(match[1])) report(`cites ${match[0]}: no such anchor`);
      }
      for (const match of text.matchAll(
        /\b[Dd]ecisions? ((?:\d{4})(?:(?:,\s*|\s+and\s+|\s*[-–]\s*)\d{4})*)/g,
      )) {
        for (const number of (match[1] ?? '').match(/\d{4}/g) ?? [])
          if (!decisionNumbers.has(number)) report(`cites decision ${number}, which has no record`);
      }
    });
  }
  return problems;
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  const repoRoot = path.resolve(import.meta.dirname, '..');
  const problems = checkCitations(repoRoot, codeFiles(repoRoot));
  for (const { file, line, problem } of problems) process.stderr.write(`${file}:${line}: ${problem}\n`);
  if (problems.length > 0) {
    process.stderr.write(`${problems.length} citation problem(s): see scripts/check-citations.ts\n`);
    process.exit(1);
  }
}
