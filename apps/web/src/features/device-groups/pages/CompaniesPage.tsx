import { CollectionPage } from '../components/CollectionPage';

/** The list of companies (docs/api-devices.md "Groups, projects, companies"). */
export default function CompaniesPage() {
  return <CollectionPage kind="company" />;
}
