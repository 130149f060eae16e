import Typography from '@mui/material/Typography';
import { useParams } from 'react-router';
import { NotAvailableYet } from '../../components/not-available-yet';

/** /parcels/track/:carrierName/:shipmentId, reached from a parcel's Track button. */
export function ParcelTrackPage() {
  const { carrierName = '', shipmentId = '' } = useParams();
  return (
    <NotAvailableYet title="Track parcel">
      <Typography color="text.secondary" sx={{ mt: 1 }}>
        Shipment {shipmentId} with {carrierName}
      </Typography>
    </NotAvailableYet>
  );
}

export default ParcelTrackPage;
