/** Why a sign-in, password or invitation step failed, announced as it appears; nothing while all is well. */
export function AuthProblem({ problem }: { problem: string | null }) {
  if (!problem) return null;
  return (
    <p className="admin-error admin-auth__problem" role="alert">
      {problem}
    </p>
  );
}
