import { QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntdApp, ConfigProvider, theme } from 'antd';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { logout } from '../features/auth/api/logout';
import { configureApiClient } from '../shared/api/client';
import { ApiError } from '../shared/api/errors';
import { antdLocaleOf } from '../shared/i18n';
import { useSettings } from '../shared/store/settings';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache(),
    defaultOptions: {
      queries: {
        // Pages show cached data for a minute; noCache pages invalidate on every visit.
        staleTime: 60_000,
        refetchOnWindowFocus: false,
        retry: (count, error) => !(error instanceof ApiError && error.code > 0) && count < 1,
      },
      mutations: { retry: false },
    },
  });
}

/** Hands Ant Design's context-aware message / modal to the api client (which lives outside React). */
function ApiClientBridge({ queryClient }: { queryClient: QueryClient }) {
  const { message, modal } = AntdApp.useApp();
  useEffect(() => {
    configureApiClient({
      notifier: {
        error: (text, duration) => {
          void message.error({ content: text, duration });
        },
        confirmSessionExpired: (texts, onConfirm, onClose) => {
          modal.confirm({
            title: texts.title,
            content: texts.content,
            okText: texts.okText,
            cancelButtonProps: { style: { display: 'none' } },
            closable: false,
            maskClosable: false,
            keyboard: false,
            onOk: onConfirm,
            afterClose: onClose,
          });
        },
      },
      onSessionExpiredConfirmed: () => {
        void logout(queryClient).finally(() => location.reload());
      },
    });
  }, [message, modal, queryClient]);
  return null;
}

export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  // i18next's language changes once that language's texts (and Ant Design locale) are loaded.
  const { i18n } = useTranslation();
  const size = useSettings((s) => s.size);
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider
        locale={antdLocaleOf(i18n.language)}
        componentSize={size}
        theme={{
          algorithm: theme.defaultAlgorithm,
          token: {
            colorPrimary: '#1668dc',
            borderRadius: 6,
            // Text that must be read meets WCAG AA (4.5:1 on white and on the #f5f5f5 greys): the
            // defaults (links #1677ff, secondary text 0.45, placeholders and disabled text 0.25)
            // are 1.8 to 4.1:1. Links take the primary blue (5.2:1).
            colorLink: '#1668dc',
            colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
            colorTextDescription: 'rgba(0, 0, 0, 0.6)',
            colorTextPlaceholder: 'rgba(0, 0, 0, 0.56)',
            colorTextDisabled: 'rgba(0, 0, 0, 0.56)',
          },
          components: {
            Layout: { siderBg: '#0b1f35', headerBg: '#0b1f35', headerHeight: 56 },
            // An unchecked switch's label is white on colorTextQuaternary (1.9:1): a darker track.
            Switch: { colorTextQuaternary: 'rgba(0, 0, 0, 0.55)', colorTextTertiary: 'rgba(0, 0, 0, 0.65)' },
          },
        }}
      >
        <AntdApp>
          <ApiClientBridge queryClient={queryClient} />
          {children}
        </AntdApp>
      </ConfigProvider>
    </QueryClientProvider>
  );
}
