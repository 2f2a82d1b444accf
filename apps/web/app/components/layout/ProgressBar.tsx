import { useEffect, useState } from 'react';
import { useNavigation } from 'react-router';

/** The bar creeps towards the end over 5000 ms; quick navigations (<200 ms) show none. */
export const PROGRESS_DURATION_MS = 5000;
export const PROGRESS_THROTTLE_MS = 200;

type Phase = 'idle' | 'running' | 'done';

export function ProgressBar() {
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle';
  const [phase, setPhase] = useState<Phase>('idle');
  const [wasBusy, setWasBusy] = useState(busy);
  if (busy !== wasBusy) {
    setWasBusy(busy);
    if (!busy) setPhase(phase === 'running' ? 'done' : 'idle');
  }

  useEffect(() => {
    if (!busy) return;
    const timer = setTimeout(() => setPhase('running'), PROGRESS_THROTTLE_MS);
    return () => clearTimeout(timer);
  }, [busy]);

  useEffect(() => {
    if (phase !== 'done') return;
    const timer = setTimeout(() => setPhase('idle'), 300);
    return () => clearTimeout(timer);
  }, [phase]);

  return (
    <div
      className={`progress-bar progress-bar--${phase}`}
      style={{ '--progress-duration': `${PROGRESS_DURATION_MS}ms` } as React.CSSProperties}
      role="progressbar"
      aria-hidden={phase === 'idle'}
      aria-label="Загрузка страницы"
      aria-busy={phase === 'running'}
    />
  );
}
