import { DesignerPage } from './DesignerPage';

/** /scada/design/app?id= (a lazy chunk of its own). */
export default function DesignAppPage() {
  return <DesignerPage kind="app" />;
}
