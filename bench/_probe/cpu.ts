// scratch: cpu seconds used by processes whose command matches a pattern
import { readdirSync, readFileSync } from 'node:fs';
export function cpuOf(pattern: RegExp): number {
  let ticks = 0;
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      const comm = readFileSync(`/proc/${pid}/comm`, 'utf8');
      if (!pattern.test(cmd + ' ' + comm)) continue;
      const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      ticks += Number(f[11]) + Number(f[12]);
    } catch {}
  }
  return ticks / 100;
}
export function totalCpu(): { busy: number; all: number } {
  const f = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.split(/\s+/).slice(1).map(Number);
  const idle = f[3]! + f[4]!;
  const all = f.reduce((a, b) => a + b, 0);
  return { busy: (all - idle) / 100, all: all / 100 };
}
