import { AssetTable } from '../components/AssetTable';

/** /maintenance/asset: the device ledger (asset register). */
export default function AssetsPage() {
  return <AssetTable />;
}
