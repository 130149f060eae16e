import { COMPANY_MESSAGES, normaliseCompanyNumber, type RegisteredCompany } from '@lp/domain';
import { AppError } from '../../platform/errors.js';
import { type CompanyRegister, CompanyRegisterError } from '../../providers/company-register.js';

const FIELD = 'registration_number';

/** What the route answers with when the register could not be asked (503, with Retry-After when known). */
export class RegisterUnavailableError extends AppError {
  constructor(
    readonly retryAfterSeconds: number | null,
    message: string,
  ) {
    super('UNAVAILABLE', message);
  }
}

/**
 * Looks a typed company number up in the register; answers the company only when it is active.
 * A number that cannot be one is 400; unknown is 404 and inactive (dissolved, in liquidation, ...)
 * 422, both with the spec's message; the register away is 503.
 */
export async function lookupActiveCompany(register: CompanyRegister, typed: string): Promise<RegisteredCompany> {
  const number = normaliseCompanyNumber(typed);
  if (!number)
    throw new AppError('BAD_REQUEST', COMPANY_MESSAGES.numberInvalid, [
      { path: FIELD, message: COMPANY_MESSAGES.numberInvalid },
    ]);
  let company: RegisteredCompany | null;
  try {
    company = await register.lookupCompany(number);
  } catch (error) {
    if (error instanceof CompanyRegisterError)
      throw new RegisterUnavailableError(
        error.retryAfterSeconds,
        error.kind === 'busy' ? COMPANY_MESSAGES.registerBusy : COMPANY_MESSAGES.registerDown,
      );
    throw error;
  }
  const fields = [{ path: FIELD, message: COMPANY_MESSAGES.notFound }];
  if (!company) throw new AppError('NOT_FOUND', COMPANY_MESSAGES.notFound, fields);
  if (company.company_status !== 'active') throw new AppError('VALIDATION_FAILED', COMPANY_MESSAGES.notFound, fields);
  return company;
}
