export function CommunityScreen() {
  return <h1 className="font-serif text-2xl">CommunityScreen</h1>;
}
