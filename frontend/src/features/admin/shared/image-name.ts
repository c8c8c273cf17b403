/** A random file name keeping the original extension ("photo.PNG" -> "<uuid>.PNG"). */
export function randomImageName(originalName: string, random: () => string = () => crypto.randomUUID()): string {
  const dot = originalName.lastIndexOf('.');
  const extension = dot > 0 && dot < originalName.length - 1 ? originalName.slice(dot + 1) : '';
  return extension ? `${random()}.${extension}` : random();
}
