/**
 * Reads a password without echoing it (decision 0017). On a terminal, raw mode hands us each key press and
 * nothing is written back; piped input (`printf '…\n' | npm run create-admin …`) is read as one line.
 */
import { createInterface } from 'node:readline';

/** Resolves with the typed password; rejects on Ctrl+C or Ctrl+D before anything was entered. */
export function readPassword(prompt: string): Promise<string> {
  const { stdin } = process;
  if (!stdin.isTTY) {
    process.stdout.write(prompt);
    return readLine();
  }
  return new Promise((resolve, reject) => {
    let typed = '';
    const finish = (error?: Error) => {
      stdin.setRawMode(false);
      stdin.pause();
      stdin.off('data', onData);
      process.stdout.write('\n');
      if (error) reject(error);
      else resolve(typed);
    };
    const onData = (chunk: Buffer) => {
      for (const char of chunk.toString('utf8')) {
        if (char === '\r' || char === '\n') return finish();
        if (char === '\u0003' || (char === '\u0004' && typed === '')) return finish(new Error('Cancelled.'));
        if (char === '\u007f' || char === '\b') typed = typed.slice(0, -1);
        else if (char >= ' ') typed += char;
      }
    };
    // Raw mode before the prompt: nothing typed after the prompt shows can be echoed.
    stdin.setRawMode(true);
    process.stdout.write(prompt);
    stdin.resume();
    stdin.on('data', onData);
  });
}

function readLine(): Promise<string> {
  return new Promise((resolve) => {
    const lines = createInterface({ input: process.stdin, terminal: false });
    let answered = false;
    lines.once('line', (line) => {
      answered = true;
      lines.close();
      process.stdout.write('\n');
      resolve(line);
    });
    lines.once('close', () => {
      if (!answered) resolve('');
    });
  });
}
