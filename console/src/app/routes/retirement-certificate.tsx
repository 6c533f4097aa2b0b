import { useParams } from 'react-router';
import { RetirementCertificate } from '../../features/credits/components/RetirementCertificate/RetirementCertificate';
import { useXrplNetwork } from '../../features/xrpl/api/get-network';
import { PublicPage } from '../layout/PublicPage/PublicPage';

/**
 * Public (no session): anyone holding a certificate link can verify it. The network is known
 * only to signed-in users; without it explorer links fall back to testnet (`shared/xrpl/explorer-links.ts`).
 */
export function RetirementCertificateRoute() {
  const { id = '' } = useParams();
  const network = useXrplNetwork();

  return (
    <PublicPage size="md">
      <RetirementCertificate id={id} network={network.data?.network} />
    </PublicPage>
  );
}
