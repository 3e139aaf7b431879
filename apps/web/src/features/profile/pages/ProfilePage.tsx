import { Alert, Card, Col, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../shared/components/PageContainer';
import { useUserInfo } from '../../auth/api/get-user-info';
import { useSystemConfig } from '../../system/api/get-system-config';
import { PasswordForm } from '../components/PasswordForm';
import { PhoneBindCard } from '../components/PhoneBindCard';
import { ProfileForm } from '../components/ProfileForm';
import { ProfileInfoCard } from '../components/ProfileInfoCard';

/** /user/me: personal profile (SPEC 2.3). The demo account sees everything read-only. */
export default function ProfilePage() {
  const { t } = useTranslation();
  const user = useUserInfo();
  const readOnly = user.data?.is_demo === true;
  // Binding needs the SMS provider's code template, as phone sign-in does.
  const phoneCodes = useSystemConfig().data?.phone_login === true;

  return (
    <div data-testid="profile-page">
      <QueryState loading={user.isPending} error={user.error} onRetry={() => void user.refetch()}>
        {user.data && (
          <Row gutter={[16, 16]}>
            <Col xs={24} lg={10} xl={9}>
              <ProfileInfoCard user={user.data} />
            </Col>
            <Col xs={24} lg={14} xl={15}>
              {readOnly && (
                <Alert type="info" showIcon title={t('common.readOnlyDemo')} style={{ marginBottom: 16 }} />
              )}
              <Card className="profile-card" title={t('profile.editInfo')}>
                <ProfileForm user={user.data} readOnly={readOnly} />
              </Card>
              <Card className="profile-card" title={t('profile.changePassword')} style={{ marginTop: 16 }}>
                <PasswordForm readOnly={readOnly} />
              </Card>
              {phoneCodes && (
                <div style={{ marginTop: 16 }}>
                  <PhoneBindCard readOnly={readOnly} />
                </div>
              )}
            </Col>
          </Row>
        )}
      </QueryState>
    </div>
  );
}
