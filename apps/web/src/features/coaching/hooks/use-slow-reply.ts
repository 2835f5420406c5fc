import { useEffect, useState } from 'react';
import { SLOW_REPLY_MS } from '../utils/reply-errors';
import type { ReplyStreamState } from '../utils/reply-stream';

/**
 * True while an answer is streaming but has shown nothing for `after` ms: the screen says the coach is
 * taking longer than usual instead of an endless "escribiendo…" (the server ends a hung model with an
 * error and "Reintentar" at its first-token timeout).
 */
export function useSlowReply(stream: ReplyStreamState, after = SLOW_REPLY_MS): boolean {
  const waiting = stream.phase === 'streaming' && stream.text.trim() === '' ? stream.userMessageId : null;
  const [slowFor, setSlowFor] = useState<string | null>(null);
  useEffect(() => {
    if (!waiting) return;
    const timer = setTimeout(() => setSlowFor(waiting), after);
    return () => clearTimeout(timer);
  }, [waiting, after]);
  return waiting !== null && slowFor === waiting;
}
