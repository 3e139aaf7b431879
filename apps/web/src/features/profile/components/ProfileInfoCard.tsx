import type { UserInfo } from '@fleet/contracts';
import { Avatar, Card, Descriptions, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';

function formatTime(value: string | number | null, na: string): string {
  if (value === null || value === '') return na;
  const d = typeof value === 'number' ? dayjs.unix(value) : dayjs(value);
  return d.isValid() ? d.format('YYYY-MM-DD HH:mm:ss') : na;
}

export function ProfileInfoCard({ user }: { user: UserInfo }) {
  const { t } = useTranslation();
  const na = t('common.na');
  const limit = (v: number | null) => (v === null ? t('common.noLimit') : v);
  const name = user.nick_name || user.username;

  return (
    <Card className="profile-card" title={t('profile.info')}>
      <div className="profile-head">
        <Avatar size={64} className="profile-avatar">
          {name.slice(0, 1).toUpperCase()}
        </Avatar>
        <div>
          <Typography.Title level={4} style={{ margin: 0 }}>
            {name}
          </Typography.Title>
          <Typography.Text type="secondary">@{user.username}</Typography.Text>
          <div style={{ marginTop: 8 }}>
            <Tag color="blue">{t(`userType.${user.user_type}`)}</Tag>
            <Tag color={user.status === 1 ? 'green' : 'red'}>{t(`userStatus.${user.status}`)}</Tag>
            {user.roles.map((r) => (
              <Tag key={r}>{r}</Tag>
            ))}
          </div>
        </div>
      </div>
      <Descriptions column={1} size="small" className="profile-desc" data-testid="profile-info">
        <Descriptions.Item label={t('profile.phone')}>{user.phone || na}</Descriptions.Item>
        <Descriptions.Item label={t('profile.email')}>{user.email || na}</Descriptions.Item>
        <Descriptions.Item label={t('profile.company')}>{user.company || na}</Descriptions.Item>
        <Descriptions.Item label={t('profile.address')}>{user.address || na}</Descriptions.Item>
        <Descriptions.Item label={t('profile.bigscreenTitle')}>
          {user.bigscreen_title || na}
        </Descriptions.Item>
        <Descriptions.Item label={t('profile.userExpire')}>
          {user.user_expire === null ? t('profile.never') : formatTime(user.user_expire, na)}
        </Descriptions.Item>
        <Descriptions.Item label={t('profile.loginTime')}>
          {formatTime(user.login_time, na)}
        </Descriptions.Item>
        <Descriptions.Item label={t('profile.loginIp')}>{user.login_ip || na}</Descriptions.Item>
      </Descriptions>
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        {t('profile.limits')}
      </Typography.Title>
      <Descriptions column={2} size="small" className="profile-desc">
        <Descriptions.Item label={t('profile.projectLimit')}>
          {limit(user.limits.project_limit)}
        </Descriptions.Item>
        <Descriptions.Item label={t('profile.deviceLimit')}>
          {limit(user.limits.device_limit)}
        </Descriptions.Item>
        <Descriptions.Item label={t('profile.scadaLimit')}>
          {limit(user.limits.scada_limit)}
        </Descriptions.Item>
        <Descriptions.Item label={t('profile.screenLimit')}>
          {limit(user.limits.screen_limit)}
        </Descriptions.Item>
        <Descriptions.Item label={t('profile.graphLimit')}>
          {limit(user.limits.graph_limit)}
        </Descriptions.Item>
        <Descriptions.Item label={t('profile.smsCount')}>{limit(user.limits.sms_count)}</Descriptions.Item>
        <Descriptions.Item label={t('profile.voiceCount')}>
          {limit(user.limits.voice_count)}
        </Descriptions.Item>
      </Descriptions>
    </Card>
  );
}
