import { FontSizeOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { COMPONENT_SIZES, type ComponentSize, useSettings } from '../store/settings';

/** Component size (small / middle / large), persisted. */
export function SizeSwitch({ className }: { className?: string }) {
  const { t } = useTranslation();
  const size = useSettings((s) => s.size);
  const setSize = useSettings((s) => s.setSize);
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [size],
        items: COMPONENT_SIZES.map((key) => ({
          key,
          label: <span data-testid={`size-option-${key}`}>{t(`size.${key}`)}</span>,
        })),
        onClick: ({ key }) => setSize(key as ComponentSize),
      }}
    >
      <Button
        type="text"
        data-testid="size-switch"
        aria-label={t('size.label')}
        title={t('size.label')}
        icon={<FontSizeOutlined />}
        className={className}
      />
    </Dropdown>
  );
}
