import { CollectionPage } from '../components/CollectionPage';

/** The list of projects (docs/api-devices.md "Groups, projects, companies"). */
export default function ProjectsPage() {
  return <CollectionPage kind="project" />;
}
