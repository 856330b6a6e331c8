/**
 * Who else has the embedded database open. PGlite is single-process: a second PGlite on the same
 * data folder keeps its own copy in memory and the two overwrite each other's files, so a CLI that
 * wrote beside a running server lost its rows (decision 0017). PGlite writes no usable lock, but a process
 * that holds the database keeps its files open, which Linux shows under /proc/<pid>/fd.
 */
import fs from 'node:fs';
import path from 'node:path';

/**
 * The ids of other processes holding files under `pgDataDir` open; empty when none does. Where /proc
 * does not exist (macOS, Windows) a leftover postmaster.pid, which PGlite removes on a clean close, is
 * taken as a holder of unknown id (-1): better refused than corrupted.
 */
export function processesHolding(pgDataDir: string, self = process.pid): number[] {
  const folder = `${path.resolve(pgDataDir)}${path.sep}`;
  if (!fs.existsSync('/proc')) {
    return fs.existsSync(path.join(pgDataDir, 'postmaster.pid')) ? [-1] : [];
  }
  const holders: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid) || pid === self) continue;
    if (openFiles(pid).some((file) => file.startsWith(folder))) holders.push(pid);
  }
  return holders;
}

function openFiles(pid: number): string[] {
  try {
    const fdDir = `/proc/${pid}/fd`;
    return fs.readdirSync(fdDir).flatMap((fd) => {
      try {
        return [fs.readlinkSync(path.join(fdDir, fd))];
      } catch {
        return []; // closed while we looked
      }
    });
  } catch {
    return []; // gone, or another user's process we may not inspect
  }
}
