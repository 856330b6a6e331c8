/** The file-roles check (scripts/check-file-roles.ts) on a small repository of its own, and on ours. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkFileRoles, fileRoleProblems, MODULES_ROOT, moduleFiles } from './check-file-roles.js';

describe('the file-roles check', () => {
  let root: string;
  const write = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  };

  beforeAll(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'file-roles-'));
    // Each kind of code where it belongs.
    write(`${MODULES_ROOT}/good/jobs.ts`, "export const job = defineJob({ name: 'good.job' });\n");
    write(
      `${MODULES_ROOT}/good/events.ts`,
      'export const onThing: EventHandler = async () => async () => {};\n',
    );
    write(
      `${MODULES_ROOT}/good/templates/notice.tsx`,
      "import { Text } from '@react-email/components';\nexport const Notice = () => <Text>Hi</Text>;\n",
    );
    write(
      `${MODULES_ROOT}/good/service.ts`,
      [
        '// defineJob( and EventHandler named in a comment do not count,',
        "const words = 'nor in a string: defineJob(';",
        'export const mail = { to: words, html: await renderEmail(element) };',
      ].join('\n'),
    );
    // Each kind of code somewhere else.
    write(
      `${MODULES_ROOT}/bad/service.ts`,
      [
        "export const job = defineJob({ name: 'bad.job' });",
        'export const onThing: EventHandler = async () => async () => {};',
        "import { Html } from '@react-email/components';",
        // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text of a template literal, as written in a file
        'export const mail = { html: `<p>${name}</p>` };',
        "export const other = { html: '<p>Hello</p>' };",
      ].join('\n'),
    );
    // Tests are not module code.
    write(`${MODULES_ROOT}/bad/service.test.ts`, "const job = defineJob({ name: 'test.job' });\n");
  });
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it('reads every module file but the tests', () => {
    expect(moduleFiles(root)).toEqual([
      `${MODULES_ROOT}/bad/service.ts`,
      `${MODULES_ROOT}/good/events.ts`,
      `${MODULES_ROOT}/good/jobs.ts`,
      `${MODULES_ROOT}/good/service.ts`,
      `${MODULES_ROOT}/good/templates/notice.tsx`,
    ]);
  });

  it('refuses a job, an event handler, React Email and an HTML string outside their files, line by line', () => {
    const file = `${MODULES_ROOT}/bad/service.ts`;
    expect(checkFileRoles(root)).toEqual([
      { file, line: 1, problem: "defines a job outside the module's jobs.ts" },
      { file, line: 2, problem: "defines a provider-event handler outside the module's events.ts" },
      { file, line: 3, problem: 'builds an email outside a templates/ folder' },
      { file, line: 4, problem: "writes an email's HTML as a string (use a React Email template)" },
      { file, line: 5, problem: "writes an email's HTML as a string (use a React Email template)" },
    ]);
  });

  it('allows each in its own file', () => {
    expect(fileRoleProblems(`${MODULES_ROOT}/x/jobs.ts`, 'defineJob({});')).toEqual([]);
    expect(fileRoleProblems(`${MODULES_ROOT}/x/events.ts`, 'const on: EventHandler = f;')).toEqual([]);
  });

  it("holds for ClinicPay's own modules", () => {
    expect(checkFileRoles(path.resolve(import.meta.dirname, '..'))).toEqual([]);
  });
});
