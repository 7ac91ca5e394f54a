Pod::Spec.new do |s|
  s.name         = 'NewsKit'
  s.version      = '1.0.0'
  s.source_files = 'Sources/**/*.{h,m}'
  # s.source_files = 'Tests/**/*.m'
end
