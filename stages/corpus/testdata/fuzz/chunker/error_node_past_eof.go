func e({g
