import { useCallback, useState } from 'react';

export interface Captcha {
  a: number;
  b: number;
  /** New digits. */
  refresh: () => void;
  isCorrect: (answer: string) => boolean;
}

function digit(): number {
  return Math.floor(Math.random() * 10);
}

/** The registration captcha: the sum of two random digits 0-9. */
export function useCaptcha(): Captcha {
  const [pair, setPair] = useState(() => ({ a: digit(), b: digit() }));
  const refresh = useCallback(() => setPair({ a: digit(), b: digit() }), []);
  const isCorrect = useCallback(
    (answer: string) => answer.trim() !== '' && Number(answer.trim()) === pair.a + pair.b,
    [pair],
  );
  return { ...pair, refresh, isCorrect };
}
