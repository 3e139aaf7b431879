import { AlertOutlined, ApiOutlined, CheckCircleOutlined, DisconnectOutlined } from '@ant-design/icons';
import type { OverviewReport } from '@fleet/contracts';
import { Card, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type StatCardKey, statCards } from '../lib/overview-view';

const ICONS: Record<StatCardKey, ReactNode> = {
  total: <ApiOutlined />,
  online: <CheckCircleOutlined />,
  offline: <DisconnectOutlined />,
  alarm: <AlertOutlined />,
};

/** Device counts by status (SPEC 4 colours); skeleton cards while loading. */
export function StatCards({ devices }: { devices: OverviewReport['devices'] | undefined }) {
  const { t } = useTranslation();
  const cards = devices
    ? statCards(devices)
    : (['total', 'online', 'offline', 'alarm'] as const).map((key) => ({
        key,
        value: 0,
        percent: null,
        color: '',
      }));
  return (
    <div className="dashboard-cards">
      {cards.map((card) => (
        <Card
          key={card.key}
          size="small"
          className="dashboard-card"
          data-testid={`dashboard-card-${card.key}`}
        >
          {devices ? (
            <div className="dashboard-card-body">
              <span
                className="dashboard-card-icon"
                style={{ color: card.color, background: `${card.color}1a` }}
              >
                {ICONS[card.key]}
              </span>
              <div>
                <div className="dashboard-card-label">{t(`dashboard.cards.${card.key}`)}</div>
                <div
                  className="dashboard-card-value"
                  style={{ color: card.color }}
                  data-testid="dashboard-card-value"
                >
                  {card.value}
                </div>
                {card.percent !== null && (
                  <div className="dashboard-card-share">
                    {t('dashboard.cards.share', { percent: card.percent })}
                  </div>
                )}
              </div>
            </div>
          ) : (
            <Skeleton active title={false} paragraph={{ rows: 2 }} />
          )}
        </Card>
      ))}
    </div>
  );
}
