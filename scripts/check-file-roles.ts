/**
 * The file-roles check that `npm run lint` runs: in a server module, a kind of code lives in the file
 * named for it (docs/ARCHITECTURE.md, "The rules, and what keeps them"), so an engineer finds a job, a
 * provider-event handler or an email where every other module keeps one:
 * - a job contract (`defineJob(…)`) in `jobs.ts`;
 * - a provider-event handler (a constant typed `EventHandler`) in `events.ts`;
 * - React Email components (`@react-email/components`) in a `templates/` folder, and no email's HTML
 *   written as a string (an `html:` property given a template literal or string) anywhere else.
 * Files are parsed with TypeScript (syntax only), so comments and strings that merely mention a name
 * never count.
 *
 * Usage: `node --import tsx scripts/check-file-roles.ts` from the repository root; prints one line a
 * problem (`file:line: what`) and exits 1 when there is any.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** The server's modules, from the repository root. */
export const MODULES_ROOT = 'apps/server/src/modules';

export interface RoleProblem {
  file: string;
  line: number;
  problem: string;
}

/** Every non-test TypeScript file under `root`/MODULES_ROOT, as paths relative to `root`. */
export function moduleFiles(root: string): string[] {
  const files: string[] = [];
  const walk = (directory: string) => {
    for (const entry of fs.readdirSync(path.join(root, directory), { withFileTypes: true })) {
      const relative = path.posix.join(directory, entry.name);
      if (entry.isDirectory()) walk(relative);
      else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) files.push(relative);
    }
  };
  walk(MODULES_ROOT);
  return files.sort();
}

/** The problems of one file's source text; `file` is its path from the repository root. */
export function fileRoleProblems(file: string, text: string): RoleProblem[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const name = path.posix.basename(file);
  const inTemplates = file.split('/').includes('templates');
  const problems: RoleProblem[] = [];
  const report = (node: ts.Node, problem: string) =>
    problems.push({ file, line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1, problem });

  const visit = (node: ts.Node) => {
    if (
      ts.isCallExpression(node) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === 'defineJob' &&
      name !== 'jobs.ts'
    )
      report(node, "defines a job outside the module's jobs.ts");
    if (
      ts.isVariableDeclaration(node) &&
      node.type &&
      ts.isTypeReferenceNode(node.type) &&
      node.type.typeName.getText(source) === 'EventHandler' &&
      name !== 'events.ts'
    )
      report(node, "defines a provider-event handler outside the module's events.ts");
    if (
      ts.isImportDeclaration(node) &&
      ts.isStringLiteral(node.moduleSpecifier) &&
      node.moduleSpecifier.text.startsWith('@react-email/components') &&
      !inTemplates
    )
      report(node, 'builds an email outside a templates/ folder');
    if (
      ts.isPropertyAssignment(node) &&
      node.name.getText(source) === 'html' &&
      (ts.isTemplateExpression(node.initializer) ||
        ts.isNoSubstitutionTemplateLiteral(node.initializer) ||
        ts.isStringLiteral(node.initializer))
    )
      report(node, "writes an email's HTML as a string (use a React Email template)");
    ts.forEachChild(node, visit);
  };
  visit(source);
  return problems;
}

/** The problems of every module file under `root`. */
export function checkFileRoles(root: string): RoleProblem[] {
  return moduleFiles(root).flatMap((file) =>
    fileRoleProblems(file, fs.readFileSync(path.join(root, file), 'utf8')),
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  const problems = checkFileRoles(process.cwd());
  for (const { file, line, problem } of problems) process.stderr.write(`${file}:${line}: ${problem}\n`);
  if (problems.length) {
    process.stderr.write(`${problems.length} file-role problem(s): see scripts/check-file-roles.ts\n`);
    process.exit(1);
  }
}
