import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Flex, Form, Input, InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';

/** Form.List of `translations` rows: {lolmt, uplmt, text} (converted by lib/point-form). */
export function TranslationEditor() {
  const { t } = useTranslation();
  return (
    <Form.List name="translations">
      {(fields, { add, remove }) => (
        <Flex vertical gap={8} data-testid="translation-editor">
          {fields.map((field, i) => (
            <Flex key={field.key} gap={8} align="start" data-testid="translation-row">
              <Form.Item name={[field.name, 'lolmt']} noStyle>
                <InputNumber
                  placeholder={t('devices.point.lolmt')}
                  style={{ width: 120 }}
                  data-testid={`translation-lolmt-${i}`}
                />
              </Form.Item>
              <Form.Item name={[field.name, 'uplmt']} noStyle>
                <InputNumber
                  placeholder={t('devices.point.uplmt')}
                  style={{ width: 120 }}
                  data-testid={`translation-uplmt-${i}`}
                />
              </Form.Item>
              <Form.Item
                name={[field.name, 'text']}
                style={{ flex: 1, marginBottom: 0 }}
                rules={[
                  { required: true, whitespace: true, message: t('devices.common.required') },
                  { max: 64 },
                ]}
              >
                <Input
                  placeholder={t('devices.point.text')}
                  maxLength={64}
                  data-testid={`translation-text-${i}`}
                />
              </Form.Item>
              <Button
                type="text"
                danger
                icon={<DeleteOutlined />}
                onClick={() => remove(field.name)}
                aria-label={t('common.delete')}
              />
            </Flex>
          ))}
          <Button
            type="dashed"
            icon={<PlusOutlined />}
            onClick={() => add({ lolmt: null, uplmt: null, text: '' })}
            disabled={fields.length >= 64}
            data-testid="translation-add"
          >
            {t('devices.point.addTranslation')}
          </Button>
        </Flex>
      )}
    </Form.List>
  );
}
