import { BellOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Popover } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { alarmKeys } from '../api/keys';
import { NOTICE_BADGE_MAX } from '../lib/notice-feed';
import { useLoopingTone } from '../lib/notice-sound';
import { useNoticeSettings } from '../lib/notice-store';
import { useAlarmNotices, useOnlineNotices } from '../lib/use-notices';
import { LiveListener } from './LiveListener';
import type { NoticeKind } from './NoticeList';
import { NoticePanel } from './NoticePanel';

/** SPEC 9: the popover is 338 px wide. */
export const NOTICE_POPOVER_WIDTH = 338;

/**
 * The navbar's notification bell (SPEC 2.4, 4): the badge counts unread alarms plus unread
 * online/offline events (at most "999+"); the popover lists them. Lists and live pushes run only
 * while their switch is on; sounds loop while unread events of their kind exist.
 */
export function NoticeBell() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const alarms = useAlarmNotices();
  const online = useOnlineNotices();
  const settings = useNoticeSettings();
  const total = alarms.feed.count + online.feed.count;

  useLoopingTone('alarm', alarms.enabled && settings.alarmSound && alarms.feed.count > 0);
  useLoopingTone(
    'offline',
    online.enabled && settings.offlineSound && online.feed.items.some((row) => row.status === 0),
  );

  const setEnabled = (kind: NoticeKind, on: boolean) => {
    // Off clears the list: the cached answer goes too, so switching on again shows a fresh load.
    if (!on) queryClient.removeQueries({ queryKey: [...alarmKeys.feeds(), kind] });
    if (kind === 'alarm') settings.setAlarmEnabled(on);
    else settings.setOnlineEnabled(on);
  };

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    // Opening re-reads the lists, so pushed rows get their full server form (device titles).
    if (next) void queryClient.invalidateQueries({ queryKey: alarmKeys.feeds() }, { cancelRefetch: false });
  };

  return (
    <>
      {alarms.enabled && <LiveListener type="AL" onEvent={alarms.onLive} />}
      {online.enabled && <LiveListener type="OL" onEvent={online.onLive} />}
      <Popover
        trigger="click"
        placement="bottomRight"
        open={open}
        onOpenChange={onOpenChange}
        destroyOnHidden
        classNames={{ root: 'notice-popover' }}
        styles={{ container: { width: NOTICE_POPOVER_WIDTH, padding: 0 } }}
        content={
          <NoticePanel
            alarms={alarms}
            online={online}
            onEnabled={setEnabled}
            onNavigate={() => setOpen(false)}
          />
        }
      >
        <Button
          type="text"
          className="navbar-action notice-bell"
          aria-label={t('alarms.notice.title')}
          title={t('alarms.notice.title')}
          data-testid="notice-bell"
          icon={
            <Badge
              count={total}
              overflowCount={NOTICE_BADGE_MAX}
              size="small"
              offset={[4, -2]}
              data-testid="notice-badge"
              data-count={total}
            >
              <BellOutlined className="notice-bell-icon" />
            </Badge>
          }
        />
      </Popover>
    </>
  );
}
