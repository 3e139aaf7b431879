import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import i18n from 'i18next';
import { describe, expect, it, vi } from 'vitest';
import { DeleteAction } from './DeleteAction';

function renderAction(props: Partial<Parameters<typeof DeleteAction>[0]> = {}) {
  const onDelete = props.onDelete ?? vi.fn(() => Promise.resolve());
  render(
    <App>
      <DeleteAction name="ops-role" onDelete={onDelete} testId="del" {...props} />
    </App>,
  );
  return onDelete;
}

describe('DeleteAction', () => {
  it('asks for confirmation naming the row, then deletes and reports success', async () => {
    await i18n.changeLanguage('en');
    const onDelete = renderAction();
    fireEvent.click(screen.getByTestId('del'));
    expect(await screen.findByText('Confirm delete ops-role?')).toBeTruthy();
    expect(onDelete).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: /ok/i }));
    await waitFor(() => expect(onDelete).toHaveBeenCalledTimes(1));
    expect(await screen.findByText('Deleted successfully')).toBeTruthy();
    await i18n.changeLanguage('zh');
  });

  it('does nothing while disabled', () => {
    const onDelete = renderAction({ disabled: true });
    const button = screen.getByTestId('del');
    expect(button.hasAttribute('disabled')).toBe(true);
    fireEvent.click(button);
    expect(screen.queryByText(/ops-role/)).toBeNull();
    expect(onDelete).not.toHaveBeenCalled();
  });
});
