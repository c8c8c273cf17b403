import {
  ROLE_DESCRIPTIONS,
  ROLE_LABELS,
  STAFF_ROLES,
  isStaffRole,
  type StaffRole,
} from '@/features/admin/shared/admin-role';

interface RoleFieldProps {
  id: string;
  value: StaffRole;
  onChange: (role: StaffRole) => void;
  label?: string;
}

/** A role select, with what each role may do in one line (the chosen one marked). */
export function RoleField({ id, value, onChange, label = 'Role' }: RoleFieldProps) {
  return (
    <div className="admin-field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        value={value}
        aria-describedby={`${id}-${value}`}
        onChange={(event) => {
          if (isStaffRole(event.target.value)) onChange(event.target.value);
        }}
      >
        {STAFF_ROLES.map((role) => (
          <option key={role} value={role}>
            {ROLE_LABELS[role]}
          </option>
        ))}
      </select>
      <ul className="staff-roles">
        {STAFF_ROLES.map((role) => (
          <li
            key={role}
            id={`${id}-${role}`}
            className={role === value ? 'staff-roles__role staff-roles__role--chosen' : 'staff-roles__role'}
          >
            <strong>{ROLE_LABELS[role]}:</strong> {ROLE_DESCRIPTIONS[role]}
          </li>
        ))}
      </ul>
    </div>
  );
}
