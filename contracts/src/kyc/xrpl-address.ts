export { kycAddress, kycLookupAddress } from '../shared/xrpl-address.js';
