// The browser's time, once a second while `on`: the running clock's elapsed time ticks here, counted from the
// server's start instant, so nothing about the clock lives in the page (a reload reads it again from the server).
import { useEffect, useState } from 'react';

export function useNow(on: boolean, everyMs = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!on) return;
    setNow(Date.now());
    const timer = window.setInterval(() => setNow(Date.now()), everyMs);
    return () => window.clearInterval(timer);
  }, [on, everyMs]);
  return now;
}
