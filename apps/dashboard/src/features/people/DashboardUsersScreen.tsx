import { useParams } from 'react-router';
import { StaffDetail } from './StaffDetail';
import { StaffList } from './StaffList';

/** 002 §2 'Utilisateurs (dashboard)': the list, and a member's file (flags, password, deletion). */
export default function DashboardUsersScreen() {
  const { id } = useParams();
  return id ? <StaffDetail id={id} /> : <StaffList />;
}
