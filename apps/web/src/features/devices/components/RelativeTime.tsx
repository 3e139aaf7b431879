import { Tooltip, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../lib/labels';
import { relativeAge } from '../lib/live-format';

/** Re-renders once a second so that "just now" / "2 min ago" keeps up between refetches. */
export function useNow(everyMs = 1000) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

/** "just now", "5 min ago" (SPEC 9), with the exact time on hover; `now` comes from one useNow() of the table. */
export function RelativeTime({ at, now, fallback }: { at: string | null; now: number; fallback: string }) {
  const { t } = useTranslation();
  const age = relativeAge(at, now);
  if (!age) return <Typography.Text type="secondary">{fallback}</Typography.Text>;
  return (
    <Tooltip title={formatTime(at, fallback)}>
      <span data-testid="relative-time">{t(age.key, { count: age.count })}</span>
    </Tooltip>
  );
}
