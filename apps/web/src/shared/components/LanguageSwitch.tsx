import { TranslationOutlined } from '@ant-design/icons';
import { LANGUAGES } from '@fleet/contracts';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSettings } from '../store/settings';

/** Language picker (zh / en / es), used on the login page and in the navbar. */
export function LanguageSwitch({ variant = 'text' }: { variant?: 'text' | 'light' }) {
  const { t } = useTranslation();
  const language = useSettings((s) => s.language);
  const setLanguage = useSettings((s) => s.setLanguage);
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [language],
        items: LANGUAGES.map((lng) => ({
          key: lng,
          label: <span data-testid={`lang-option-${lng}`}>{t(`lang.${lng}`)}</span>,
        })),
        onClick: ({ key }) => setLanguage(key as (typeof LANGUAGES)[number]),
      }}
    >
      <Button
        type="text"
        data-testid="lang-switch"
        aria-label={t('lang.label')}
        title={t('lang.label')}
        icon={<TranslationOutlined />}
        className={variant === 'light' ? 'navbar-action' : undefined}
      >
        <span className="lang-switch-label">{t(`lang.${language}`)}</span>
      </Button>
    </Dropdown>
  );
}
