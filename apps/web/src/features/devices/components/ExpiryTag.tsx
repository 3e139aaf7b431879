import { DEVICE_EXPIRY_GRACE_DAYS_DEFAULT } from '@fleet/contracts';
import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSystemConfig } from '../../system/api/get-system-config';

const DAY_MS = 86_400_000;

/** The state of a device's service expiry: expired (within the grace period) or data locked after it. */
export function expiryState(expireAt: string | null, graceDays: number, now = Date.now()) {
  if (!expireAt) return 'active' as const;
  const at = new Date(expireAt).getTime();
  if (at >= now) return 'active' as const;
  return at + graceDays * DAY_MS < now ? ('locked' as const) : ('expired' as const);
}

/** Nothing while the service runs; "Expired" or "Expired · data locked" (issue 20) after it. */
export function ExpiryTag({ expireAt }: { expireAt: string | null }) {
  const { t } = useTranslation();
  const config = useSystemConfig();
  const days = config.data?.device_expiry_grace_days ?? DEVICE_EXPIRY_GRACE_DAYS_DEFAULT;
  const state = expiryState(expireAt, days);
  if (state === 'active' || !expireAt) return null;
  return (
    <Tooltip title={t('devices.expiry.help', { date: expireAt.slice(0, 10), days })}>
      <Tag color={state === 'locked' ? 'error' : 'warning'} data-testid={`expiry-${state}`}>
        {t(`devices.expiry.${state}`)}
      </Tag>
    </Tooltip>
  );
}
