import type { DeviceCounters } from '@fleet/contracts';
import { Card, Descriptions, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { RelativeTime, useNow } from './RelativeTime';

const KINDS = [
  { key: 'malformed', count: 'malformed', at: 'last_malformed_at' },
  { key: 'exceptions', count: 'exceptions', at: 'last_exception_at' },
  { key: 'timeouts', count: 'timeouts', at: 'last_timeout_at' },
] as const;

/**
 * Link health of a device (DeviceDetail.counters): malformed frames dropped, Modbus exception
 * answers and unanswered requests, each with when it last happened.
 */
export function LinkHealthCard({ counters }: { counters: DeviceCounters }) {
  const { t } = useTranslation();
  const now = useNow(30_000);
  const clean = counters.malformed === 0 && counters.exceptions === 0 && counters.timeouts === 0;
  return (
    <Card size="small" title={t('devices.linkHealth.title')} data-testid="link-health">
      {clean ? (
        <Typography.Text type="secondary" data-testid="link-health-empty">
          {t('devices.linkHealth.empty')}
        </Typography.Text>
      ) : (
        <Descriptions
          size="small"
          column={{ xs: 1, md: 3 }}
          items={KINDS.map((kind) => ({
            key: kind.key,
            label: t(`devices.linkHealth.${kind.key}`),
            children: (
              <span data-testid={`link-health-${kind.key}`}>
                <Typography.Text strong type={counters[kind.count] > 0 ? 'warning' : undefined}>
                  {counters[kind.count]}
                </Typography.Text>
                {' · '}
                <RelativeTime at={counters[kind.at]} now={now} fallback={t('devices.linkHealth.never')} />
              </span>
            ),
          }))}
        />
      )}
      <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0', fontSize: 12 }}>
        {t('devices.linkHealth.hint')}
      </Typography.Paragraph>
    </Card>
  );
}
