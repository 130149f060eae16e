import AccountBalanceWallet from '@mui/icons-material/AccountBalanceWallet';
import Business from '@mui/icons-material/Business';
import Cloud from '@mui/icons-material/Cloud';
import Contacts from '@mui/icons-material/Contacts';
import Description from '@mui/icons-material/Description';
import Extension from '@mui/icons-material/Extension';
import Groups from '@mui/icons-material/Groups';
import Home from '@mui/icons-material/Home';
import LocalShipping from '@mui/icons-material/LocalShipping';
import Mail from '@mui/icons-material/Mail';
import MenuBook from '@mui/icons-material/MenuBook';
import WorkspacePremium from '@mui/icons-material/WorkspacePremium';
import type SvgIcon from '@mui/material/SvgIcon';

/** One icon per navigation key of NAV_ENTRIES (plus home and guide), shared by the shell and the dashboard. */
export const NAV_ICONS: Record<string, typeof SvgIcon> = {
  home: Home,
  letters: Mail,
  parcels: LocalShipping,
  storage: Cloud,
  finances: AccountBalanceWallet,
  plans: WorkspacePremium,
  users: Groups,
  company: Business,
  letterheads: Description,
  customers: Contacts,
  integrations: Extension,
  guide: MenuBook,
};
