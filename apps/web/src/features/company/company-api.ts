import type { CompanyDetailsInput } from '@lp/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

// The types come from the route schemas in @lp/domain (company.ts), which the server validates with.
export type { CompanyProfile, PostalAddress, RegisteredCompany } from '@lp/domain';

/** Under 'settings': the server's refresh of the company's settings refetches it. */
export const companyKey = ['settings', 'company'] as const;

/** GET /api/company: the profile as this member may see it. */
export function useCompanyProfile() {
  return useQuery({
    queryKey: companyKey,
    queryFn: ({ signal }) => api.get('/api/company', { signal }),
  });
}

/** POST /api/company/registration/lookup: what the register says about a number (nothing kept). */
export function useLookupRegistration() {
  return useMutation({
    mutationFn: (registrationNumber: string) =>
      api.post('/api/company/registration/lookup', { body: { registration_number: registrationNumber } }),
  });
}

/** PUT /api/company/registration: looked up again by the server and kept. */
export function useSaveRegistration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (registrationNumber: string) =>
      api.put('/api/company/registration', { body: { registration_number: registrationNumber } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: companyKey }),
  });
}

/** PUT /api/company/details: the postal address and VAT number (edit_company_address). */
export function useSaveCompanyDetails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (details: CompanyDetailsInput) => api.put('/api/company/details', { body: details }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: companyKey });
      // The parcel form's default sender is the postal address.
      await queryClient.invalidateQueries({ queryKey: ['parcels', 'defaults'] });
    },
  });
}
