import { CollectionPage } from '../components/CollectionPage';

/** The list of device groups (docs/api-devices.md "Groups, projects, companies"). */
export default function GroupsPage() {
  return <CollectionPage kind="group" />;
}
