export function PasswordResetScreen() {
  return <h1 className="font-serif text-2xl">PasswordResetScreen</h1>;
}
