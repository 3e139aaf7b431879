import { App } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useUserInfo } from '../../features/auth/api/get-user-info';
import { EXPIRY_NOTICE_KEY } from '../../shared/session/token';
import { expiryNoticeOf } from './expiry-notice';

/** Shows the account expiry notice once per session (the flag is cleared at logout); it lasts 10 s. */
export function useExpiryNotice(): void {
  const { t } = useTranslation();
  const { notification } = App.useApp();
  const { data: user } = useUserInfo();
  useEffect(() => {
    if (!user || localStorage.getItem(EXPIRY_NOTICE_KEY)) return;
    const notice = expiryNoticeOf(user, Date.now());
    if (!notice) return;
    localStorage.setItem(EXPIRY_NOTICE_KEY, '1');
    notification.warning({
      title: t('expiry.title'),
      description:
        notice.kind === 'expired' ? t('expiry.expired') : t('expiry.willExpire', { days: notice.days }),
      duration: 10,
    });
  }, [user, notification, t]);
}
