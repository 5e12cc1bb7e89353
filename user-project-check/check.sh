#!/usr/bin/env bash
# Builds the README's user project against the HyMPJ artifacts of this build and runs its Hello with plain java
# (no launcher, no JVM options) as a job of one rank; fails unless it prints its one line and nothing on stderr.
#   check.sh PROJECT WORK VERSION SHARED_REPOSITORY JAVA_HOME
# WORK/repository holds this build's HyMPJ artifacts (copied there by the module's pom) and is the user build's
# local repository; everything else it needs comes from SHARED_REPOSITORY, read as a remote repository, so the
# shared local repository is only read and a stale HyMPJ there is never used.
set -euo pipefail
project=$1 work=$2 version=$3 shared=$4 java_home=$5

rm -rf "$work/user-project"
cp -r "$project" "$work/user-project"
cat > "$work/settings.xml" <<SETTINGS
<settings>
  <mirrors>
    <mirror>
      <id>shared-local-repository</id>
      <mirrorOf>*</mirrorOf>
      <url>file://$shared</url>
    </mirror>
  </mirrors>
</settings>
SETTINGS

# Compiles and writes the class path with the plugins (and versions) HyMPJ's own build uses, named in full: the
# shared repository holds those and, read as a remote repository, has no metadata to resolve a plugin's prefix.
MAVEN_OPTS="${MAVEN_OPTS:-} -Djansi.noreset=true" JAVA_HOME="$java_home" mvn -B -q -s "$work/settings.xml" \
  -Dmaven.repo.local="$work/repository" -Dhympj.version="$version" -f "$work/user-project/pom.xml" \
  org.apache.maven.plugins:maven-compiler-plugin:3.13.0:compile \
  org.apache.maven.plugins:maven-dependency-plugin:3.6.1:build-classpath -Dmdep.outputFile="$work/classpath.txt"

"$java_home/bin/java" -cp "$work/user-project/target/classes:$(cat "$work/classpath.txt")" Hello \
  > "$work/hello.out" 2> "$work/hello.err"
expected="Hello from rank 0 of 1"
if [ "$(cat "$work/hello.out")" != "$expected" ] || [ -s "$work/hello.err" ]; then
  echo "user project: java -cp ... Hello printed, on stdout:" >&2
  cat "$work/hello.out" >&2
  echo "and on stderr:" >&2
  cat "$work/hello.err" >&2
  echo "user project: expected '$expected' and nothing on stderr" >&2
  exit 1
fi
echo "user project: built against HyMPJ $version; java -cp ... Hello printed: $expected"
