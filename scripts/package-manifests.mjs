// What a Homebrew tap and a Scoop bucket need to offer a release, filled from its SHA256SUMS by
// scripts/release.mjs: wfd.rb, a Homebrew formula installing the npm tarball on Homebrew's Node
// (macOS and Linux), and wfd.json, a Scoop manifest of the Windows executable. Neither brew nor
// scoop runs here: test/windows/release.test.ts checks their URLs, hashes and fields, not an
// install.

/**
 * The formula: the tarball installed as Homebrew installs any npm package, the man pages it
 * ships, and the completions `wfd completion <shell>` prints (Homebrew asks it for each shell).
 */
export function homebrewFormula({ pkg, url, sha256 }) {
  return `class Wfd < Formula
  desc "Client for the Workflow, Forms and Documents API, with a local sandbox of it"
  homepage "${pkg.homepage}"
  url "${url}"
  sha256 "${sha256}"
  license "${pkg.license}"

  depends_on "node"

  def install
    system "npm", "install", *std_npm_args
    bin.install_symlink libexec.glob("bin/*")
    man1.install libexec.glob("lib/node_modules/${pkg.name}/man/*.1")
    generate_completions_from_executable(bin/"wfd", "completion")
  end

  test do
    assert_equal version.to_s, shell_output("#{bin}/wfd --version").strip
  end
end
`;
}

/** The manifest: the Windows executable, saved as wfd.exe and put on the user's PATH. */
export function scoopManifest({ pkg, url, sha256 }) {
  const manifest = {
    version: pkg.version,
    description: pkg.description,
    homepage: pkg.homepage,
    license: pkg.license,
    architecture: { '64bit': { url: `${url}#/wfd.exe`, hash: sha256 } },
    bin: 'wfd.exe',
  };
  return `${JSON.stringify(manifest, null, 2)}\n`;
}
