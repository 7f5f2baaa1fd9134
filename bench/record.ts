// Writes a benchmark's results into its own marked section of docs/performance.md, with machine and date.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';

const FILE = 'docs/performance.md';

/** "Measured on ... on <date>": the machine facts a reader needs to compare figures. */
export function machineLine(): string {
  const cpu = cpus()[0]?.model ?? 'unknown CPU';
  return `Measured ${new Date().toISOString().slice(0, 10)} on ${cpus().length} cores (${cpu}), ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.versions.node}.`;
}

/** Replaces (or appends) the section between `<!-- bench:NAME -->` markers. */
export function recordSection(name: string, markdown: string): void {
  const start = `<!-- bench:${name} -->`;
  const end = `<!-- /bench:${name} -->`;
  const current = existsSync(FILE)
    ? readFileSync(FILE, 'utf8')
    : '# Performance\n\nEvery figure here comes from a benchmark in `bench/`, run with `npm run bench:*`.\n';
  const block = `${start}\n${markdown.trim()}\n${end}`;
  const pattern = new RegExp(`${start}[\\s\\S]*?${end}`);
  writeFileSync(
    FILE,
    pattern.test(current) ? current.replace(pattern, block) : `${current.trimEnd()}\n\n${block}\n`,
  );
}
