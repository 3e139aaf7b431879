import { WorkOrderType } from '@fleet/contracts';
import { WorkOrderTable } from '../components/WorkOrderTable';

/** /maintenance/repair: repair orders (raised from alarms or by hand). */
export default function FaultRepairPage() {
  return <WorkOrderTable fixedType={WorkOrderType.REPAIR} testId="fault-repair-page" />;
}
