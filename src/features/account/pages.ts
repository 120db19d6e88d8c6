// The group's pages share one lazy chunk, loaded once by its manifest.
export { AccountPage } from './account-page';
export { SubaccountsPage } from './subaccounts-page';
