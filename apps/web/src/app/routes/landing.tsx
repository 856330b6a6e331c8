export { LandingPage as default } from '@/features/marketing/landing-page';
