export function LandingScreen() {
  return <h1 className="font-serif text-2xl">LandingScreen</h1>;
}
