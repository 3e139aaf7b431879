import { useTranslation } from 'react-i18next';
import { useCustomizeInfo } from './get-customize-info';

/** Platform title of the current domain, or the translated default when not customized. */
export function usePlatformTitle(): string {
  const { t } = useTranslation();
  const { data } = useCustomizeInfo();
  return data?.platform_title || t('app.defaultTitle');
}
