/** Every user-facing text of the spec used by code, defined once. */
export const MESSAGES = {
  required: 'This field is required',
  minLength: (n: number) => `Must have at least ${n} characters`,
  maxLength: (n: number) => `Must have at most ${n} characters`,
  passwordMin: 'Must be at least 8 characters long',
  number: 'Must be a number',
  email: 'Must be a valid email address',
  ukPhone: 'Must be a valid UK phone number',
  permissionDenied: 'Permission denied',
  genericError: 'An error occured',
  alreadyRegistered: 'It looks like you already have an account with us.',
  resetPasswordLink: "Click here if you'd like to reset your password",
  upgradePlan: 'Please upgrade your plan in order to use this feature!',
  idleWarning: 'You will be signed out due to being inactive',
  welcomeBack: (firstName: string) => `Welcome back, ${firstName}`,
  welcome: (firstName: string) => `Welcome, ${firstName}!`,
  suspended: (planName: string) =>
    `Your account has been suspended. You didn't have sufficient funds for your ${planName} subscription.`,
  companyNotFound: 'We could not find a registered active company with this ID.',
} as const;
