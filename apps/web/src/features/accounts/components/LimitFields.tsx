import type { UserLimits } from '@fleet/contracts';
import { Checkbox, Col, Form, InputNumber, Row, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { LIMIT_KEYS, limitBound } from '../lib/money';

/** The seven resource limits, each a number with a 'no limit' checkbox, bounded by my own limits. */
export function LimitFields({ mine }: { mine: UserLimits | null | undefined }) {
  const { t } = useTranslation();
  return (
    <Row gutter={16}>
      {LIMIT_KEYS.map((key) => {
        const bound = limitBound(mine ? mine[key] : null);
        return (
          <Col xs={24} sm={12} key={key}>
            <Form.Item
              label={t(`accounts.limits.${key}`)}
              extra={bound.max !== undefined ? t('accounts.users.limitMax', { max: bound.max }) : undefined}
              required
            >
              <Space.Compact block>
                <Form.Item noStyle dependencies={[['limits', key, 'unlimited']]}>
                  {({ getFieldValue }) => (
                    <Form.Item
                      noStyle
                      name={['limits', key, 'value']}
                      rules={[
                        {
                          validator: async (_r, v: number | null) => {
                            if (getFieldValue(['limits', key, 'unlimited'])) return;
                            if (v === null || v === undefined) throw new Error(t('accounts.common.required'));
                            if (bound.max !== undefined && v > bound.max)
                              throw new Error(t('accounts.users.limitMax', { max: bound.max }));
                          },
                        },
                      ]}
                    >
                      <InputNumber
                        min={0}
                        max={bound.max}
                        precision={0}
                        style={{ width: '100%' }}
                        disabled={getFieldValue(['limits', key, 'unlimited']) === true}
                        // The Form.Item label names the group; the input itself needs its own name.
                        aria-label={t(`accounts.limits.${key}`)}
                        data-testid={`limit-${key}`}
                      />
                    </Form.Item>
                  )}
                </Form.Item>
                <Form.Item noStyle name={['limits', key, 'unlimited']} valuePropName="checked">
                  <Checkbox
                    className="limit-unlimited"
                    disabled={!bound.unlimitedAllowed}
                    data-testid={`limit-${key}-unlimited`}
                  >
                    {t('accounts.users.noLimit')}
                  </Checkbox>
                </Form.Item>
              </Space.Compact>
            </Form.Item>
          </Col>
        );
      })}
    </Row>
  );
}
