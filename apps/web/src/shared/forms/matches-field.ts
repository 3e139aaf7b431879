import type { FormRule } from 'antd';

/** A confirmation field's rule: its value must equal `field`'s (e.g. repeat the new password). */
export function matchesField(field: string, message: string): FormRule {
  return ({ getFieldValue }) => ({
    validator: async (_rule, value?: string) => {
      if (value && value !== getFieldValue(field)) throw new Error(message);
    },
  });
}
