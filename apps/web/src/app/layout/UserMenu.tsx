import { DownOutlined, IdcardOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Avatar, Dropdown, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useUserInfo } from '../../features/auth/api/get-user-info';
import { logout } from '../../features/auth/api/logout';
import { useTabStore } from '../tabs/tab-store';

export function UserMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const setTabs = useTabStore((s) => s.setTabs);
  const { data: user } = useUserInfo();
  const name = user?.nick_name || user?.username || '';

  const onLogout = async () => {
    await logout(queryClient);
    setTabs([]);
    navigate('/login', { replace: true });
  };

  return (
    <Dropdown
      trigger={['click']}
      placement="bottomRight"
      menu={{
        items: [
          {
            key: 'profile',
            icon: <IdcardOutlined />,
            label: <span data-testid="menu-profile">{t('navbar.profile')}</span>,
          },
          { type: 'divider' },
          {
            key: 'logout',
            icon: <LogoutOutlined />,
            danger: true,
            label: <span data-testid="logout">{t('navbar.logout')}</span>,
          },
        ],
        onClick: ({ key }) => {
          if (key === 'profile') navigate('/user/me');
          else void onLogout();
        },
      }}
    >
      <button type="button" className="user-menu-trigger" data-testid="user-menu">
        <Space size={8}>
          <Avatar size={28} icon={name ? undefined : <UserOutlined />} className="user-avatar">
            {name ? name.slice(0, 1).toUpperCase() : undefined}
          </Avatar>
          <span className="user-name">{name}</span>
          <DownOutlined className="user-caret" />
        </Space>
      </button>
    </Dropdown>
  );
}
