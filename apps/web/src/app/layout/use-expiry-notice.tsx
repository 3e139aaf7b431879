import { App, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useUserInfo } from '../../features/auth/api/get-user-info';
import { EXPIRY_NOTICE_KEY } from '../../shared/session/token';
import { expiryNoticeOf } from './expiry-notice';

/** Where the notice leads (SPEC 9): the fee overview. */
export const EXPIRY_NOTICE_LINK = '/fee/overview';

/**
 * Shows the account expiry notice once per session (the flag is cleared at logout); it lasts 10 s and
 * links to the fee overview (SPEC 9).
 */
export function useExpiryNotice(): void {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { notification } = App.useApp();
  const { data: user } = useUserInfo();
  useEffect(() => {
    if (!user || localStorage.getItem(EXPIRY_NOTICE_KEY)) return;
    const notice = expiryNoticeOf(user, Date.now());
    if (!notice) return;
    localStorage.setItem(EXPIRY_NOTICE_KEY, '1');
    const key = 'expiry-notice';
    notification.warning({
      key,
      title: t('expiry.title'),
      description: (
        <>
          {notice.kind === 'expired' ? t('expiry.expired') : t('expiry.willExpire', { days: notice.days })}{' '}
          <Typography.Link
            onClick={() => {
              notification.destroy(key);
              navigate(EXPIRY_NOTICE_LINK);
            }}
            data-testid="expiry-notice-link"
          >
            {t('expiry.open')}
          </Typography.Link>
        </>
      ),
      duration: 10,
    });
  }, [user, notification, t, navigate]);
}
